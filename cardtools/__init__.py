"""cardtools: card data as YAML, validated, simulated and printed."""

from cardtools import native

native.install()   # the engines' compiled modules, where they were built

__version__ = "0.1.0"
