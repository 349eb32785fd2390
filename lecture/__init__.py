"""The ``lecture`` command line, on top of every other layer."""
