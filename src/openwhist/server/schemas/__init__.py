"""The shapes of what clients send (pydantic, with size limits), one module per area
beside its router: every input is checked there before anything else reads it."""

from openwhist.server.schemas.accounts import Credentials, GuestIn, PasswordIn
from openwhist.server.schemas.base import text_options
from openwhist.server.schemas.drives import DriveIn, DriveResultIn, PauseIn, SubstituteIn
from openwhist.server.schemas.play import ClientMessage
from openwhist.server.schemas.tables import JoinByCodeIn, JoinIn, QuickPlayIn, SeatIn, TableIn

__all__ = ["ClientMessage", "Credentials", "DriveIn", "DriveResultIn", "GuestIn", "JoinByCodeIn", "JoinIn",
           "PasswordIn", "PauseIn", "QuickPlayIn", "SeatIn", "SubstituteIn", "TableIn", "text_options"]
