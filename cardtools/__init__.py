"""cardtools: card data as YAML, validated, simulated and printed."""

__version__ = "0.1.0"
