"""ASP encodings shipped with mjasp; find them with ``importlib.resources.files(__name__)``."""
