"""Which module carries out each Action card (Actions Explained): the card's name -> the
function that starts it."""
from __future__ import annotations

from . import advance, build, chronicles, conquer, movement, trade_route
from . import muster_govern_tribute as mgt

ENTER = {
    "Chronicle": chronicles.enter, "Muster": mgt.enter_muster, "Conquer": conquer.enter,
    "Raid": movement.enter_raid, "Build": build.enter, "Govern": mgt.enter_govern,
    "Advance": advance.enter, "Trade Route": trade_route.enter, "Trade Route 2": trade_route.enter,
    "Migrate": movement.enter_migrate, "Tribute": mgt.enter_tribute,
}
