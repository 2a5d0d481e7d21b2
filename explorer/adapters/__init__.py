"""Bridges from the engine to other libraries' game APIs (so far OpenSpiel: the optional extra
``openspiel``).  Nothing here is imported by the engine, the games or the views."""
