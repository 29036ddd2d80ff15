"""Engines that answer mjasp's questions, importable as ``mjasp.solvers``.

Each engine answers with the same types, so any two can be compared on any hand.
"""
