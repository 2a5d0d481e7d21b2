"""Physical components shared by several games (no game rules live here)."""
