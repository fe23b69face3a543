"""Who a request comes from, by its session cookie: nobody (no cookie, or one that no
longer opens a session), or an account. A request that changes something for the account
must carry the page's CSRF token."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from ..refusal import Refusal
from . import cookies
from .service import Account, Accounts


async def accounts_of(connection: HTTPConnection) -> Accounts:
    return connection.app.state.accounts  # type: ignore[no-any-return]


AccountsOf = Annotated[Accounts, Depends(accounts_of)]


async def reader(connection: HTTPConnection, accounts: AccountsOf) -> Account | None:
    """The signed-in account of a request that only reads."""
    session_id = connection.cookies.get(cookies.SESSION)
    if not session_id:
        return None
    return await run_in_threadpool(accounts.account_for, session_id)


async def member(connection: HTTPConnection, accounts: AccountsOf) -> Account | None:
    """The signed-in account of a request that changes something (its CSRF token
    checked); None for anyone else, who needs none."""
    account = await reader(connection, accounts)
    if account is not None:
        cookies.check_csrf(connection, connection.cookies.get(cookies.SESSION))
    return account


def _needed(account: Account | None) -> Account:
    if account is None:
        raise Refusal(
            401,
            "signed_out",
            "Sign in first: this needs your account.",
            message_it="Prima accedi: serve il tuo account.",
        )
    return account


async def signed_in(account: Annotated[Account | None, Depends(member)]) -> Account:
    """A request that needs an account (and changes something)."""
    return _needed(account)


async def signed_in_reader(account: Annotated[Account | None, Depends(reader)]) -> Account:
    """A request that needs an account and only reads."""
    return _needed(account)


Reader = Annotated[Account | None, Depends(reader)]
Member = Annotated[Account | None, Depends(member)]
"""For a route anyone may call, which adds to the account of a signed-in caller."""
SignedIn = Annotated[Account, Depends(signed_in)]
SignedInReader = Annotated[Account, Depends(signed_in_reader)]
