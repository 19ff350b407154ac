"""Whist drives on the play server, by concern: :mod:`.service` runs them (the drives, their
rounds, the fair entries under each drive's lock), :mod:`.movement` reads the drive's rules
and plans its rounds, :mod:`.view` shows it (view, standings, CSV, results page),
:mod:`.records` works out its hand records, :mod:`.fair` its sit-out, confirmations and
corrections, :mod:`.cards` prints its movement cards, :mod:`.errors` words a refusal.
Here: the names the rest of the server imports."""

from __future__ import annotations

from openwhist.server.drives.errors import DriveError
from openwhist.server.drives.movement import header_of, movement_of, movement_rounds, movement_text
from openwhist.server.drives.printed import results_html
from openwhist.server.drives.service import Drives
from openwhist.server.drives.view import drive_csv, standings

__all__ = ["DriveError", "Drives", "drive_csv", "header_of", "movement_of", "movement_rounds",
           "movement_text", "results_html", "standings"]
