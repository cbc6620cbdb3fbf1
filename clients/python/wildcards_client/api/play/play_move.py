from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.call import Call
from ...models.catch import Catch
from ...models.choose import Choose
from ...models.concede import Concede
from ...models.draw import Draw
from ...models.error import Error
from ...models.pass_ import Pass
from ...models.play import Play
from ...models.refusal import Refusal
from ...models.state import State
from ...models.take import Take
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: int,
    *,
    body: Call | Catch | Choose | Concede | Draw | Pass | Play | Take,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/tables/{table_id}/moves".format(
            table_id=quote(str(table_id), safe=""),
        ),
    }

    if (
        isinstance(body, Play)
        or isinstance(body, Draw)
        or isinstance(body, Take)
        or isinstance(body, Pass)
        or isinstance(body, Choose)
        or isinstance(body, Concede)
        or isinstance(body, Call)
    ):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Refusal | State | None:
    if response.status_code == 200:
        response_200 = State.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Refusal.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Refusal.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | Refusal | State]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    table_id: int,
    *,
    client: AuthenticatedClient,
    body: Call | Catch | Choose | Concede | Draw | Pass | Play | Take,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Refusal | State]:
    """Make a move (a play by a seat whose turn it is not is a jump-in)

     One move of the seat you hold: `play` (a `card`, with a `color` for a Wild, a `target` where the
    card names a seat), `draw`, `take` (a draw penalty), `pass`, `choose` (a color, after a Wild
    starter), `concede`, `call` or `catch` (the last-card call). Send `expected_version` (the state's
    `version`) to be refused with 409 `stale-version` if the table has moved on, and an `Idempotency-
    Key` to retry safely. A move the rules refuse is 422 with one reason code; nothing changes. The
    answer is your new view of the game.

    Args:
        table_id (int):
        idempotency_key (str | Unset):
        body (Call | Catch | Choose | Concede | Draw | Pass | Play | Take):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Refusal | State]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: int,
    *,
    client: AuthenticatedClient,
    body: Call | Catch | Choose | Concede | Draw | Pass | Play | Take,
    idempotency_key: str | Unset = UNSET,
) -> Error | Refusal | State | None:
    """Make a move (a play by a seat whose turn it is not is a jump-in)

     One move of the seat you hold: `play` (a `card`, with a `color` for a Wild, a `target` where the
    card names a seat), `draw`, `take` (a draw penalty), `pass`, `choose` (a color, after a Wild
    starter), `concede`, `call` or `catch` (the last-card call). Send `expected_version` (the state's
    `version`) to be refused with 409 `stale-version` if the table has moved on, and an `Idempotency-
    Key` to retry safely. A move the rules refuse is 422 with one reason code; nothing changes. The
    answer is your new view of the game.

    Args:
        table_id (int):
        idempotency_key (str | Unset):
        body (Call | Catch | Choose | Concede | Draw | Pass | Play | Take):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Refusal | State
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    table_id: int,
    *,
    client: AuthenticatedClient,
    body: Call | Catch | Choose | Concede | Draw | Pass | Play | Take,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Refusal | State]:
    """Make a move (a play by a seat whose turn it is not is a jump-in)

     One move of the seat you hold: `play` (a `card`, with a `color` for a Wild, a `target` where the
    card names a seat), `draw`, `take` (a draw penalty), `pass`, `choose` (a color, after a Wild
    starter), `concede`, `call` or `catch` (the last-card call). Send `expected_version` (the state's
    `version`) to be refused with 409 `stale-version` if the table has moved on, and an `Idempotency-
    Key` to retry safely. A move the rules refuse is 422 with one reason code; nothing changes. The
    answer is your new view of the game.

    Args:
        table_id (int):
        idempotency_key (str | Unset):
        body (Call | Catch | Choose | Concede | Draw | Pass | Play | Take):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Refusal | State]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: int,
    *,
    client: AuthenticatedClient,
    body: Call | Catch | Choose | Concede | Draw | Pass | Play | Take,
    idempotency_key: str | Unset = UNSET,
) -> Error | Refusal | State | None:
    """Make a move (a play by a seat whose turn it is not is a jump-in)

     One move of the seat you hold: `play` (a `card`, with a `color` for a Wild, a `target` where the
    card names a seat), `draw`, `take` (a draw penalty), `pass`, `choose` (a color, after a Wild
    starter), `concede`, `call` or `catch` (the last-card call). Send `expected_version` (the state's
    `version`) to be refused with 409 `stale-version` if the table has moved on, and an `Idempotency-
    Key` to retry safely. A move the rules refuse is 422 with one reason code; nothing changes. The
    answer is your new view of the game.

    Args:
        table_id (int):
        idempotency_key (str | Unset):
        body (Call | Catch | Choose | Concede | Draw | Pass | Play | Take):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Refusal | State
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
