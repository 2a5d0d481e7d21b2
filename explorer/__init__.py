"""Rules Explorer: an engine, exact calculators and Jupyter views for five tabletop games.

Layers (imports flow downward only; see DESIGN.md):

- ``explorer.engine``     game-agnostic core: states, actions, records, timelines
- ``explorer.components`` piecepack (standard and four-seasons suits), Decktet
- ``explorer.games``      one package per game (rules, board geometry, exact odds)
- ``explorer.views``      ipywidgets + bqplot; the only layer that imports them
"""

__version__ = "0.1.0"
