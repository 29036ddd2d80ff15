"""What a hand is: readings, winning forms, shanten, waits, kan, counts, random deals,
statistics, and the engines cross-checked (``mjasp verify``)."""
