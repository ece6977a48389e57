"""The engine kit: what every game's rules engine shares (docs/engines.md).

``contract`` is the shape every engine has (OpenSpiel's); the other modules are the machinery a
rules module is built from. Nothing here knows a particular game.
"""
