"""Accounts, optional beside anonymous seat links: a name and a password, signed-in
sessions held in cookies, and what hangs on an account.

What hangs on an account is a table of its own keyed by `account_id` (`account_seats`:
the seats it took, and through them its finished games); saved lineups, ratings and roles
are to be tables beside it, listed by `GET /api/me/...` routes beside `/api/me/games`.

The seat API stays token-based: a cookie never acts for a seat. A signed-in browser only
adds its account to the seats it takes, and gets a seat of its own back on another device.
"""

from .install import install
from .service import Account, Accounts

__all__ = ["Account", "Accounts", "install"]
