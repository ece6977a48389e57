"""Printing: card layouts (data in ``templates/layouts/``), icons, fitted text, print-and-play
sheets with bleed, crop marks and duplex backs, and raster exports (PNG, Tabletop Simulator).

The pipeline is one direction: a validated ``Deck`` → ``layout`` (which regions, from YAML) →
``face`` (one card drawn, with preflight) → ``sheet`` (where each card goes on a page) →
``pnp`` (the PDF) → ``raster`` / ``tts`` (images made from our own PDF).
"""
