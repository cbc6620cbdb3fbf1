from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.state import State
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: int,
    *,
    since: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["since"] = since

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/tables/{table_id}/state".format(
            table_id=quote(str(table_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | State | None:
    if response.status_code == 200:
        response_200 = State.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Error | State]:
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
    since: int | Unset = UNSET,
) -> Response[Any | Error | State]:
    """What the caller may see of the game

     Your view of the game: the seats, the round (the top card, the color in play, the turn, the
    deadline), your hand with the cards you may play and why the others are refused, and the actions
    open to you now. A spectator (a table that allows them) gets the same without `you`. With
    `?since=<version>`, an unchanged table answers 304 with no body: poll with it, or follow the table's
    event stream instead.

    Args:
        table_id (int):
        since (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | State]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        since=since,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: int,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
) -> Any | Error | State | None:
    """What the caller may see of the game

     Your view of the game: the seats, the round (the top card, the color in play, the turn, the
    deadline), your hand with the cards you may play and why the others are refused, and the actions
    open to you now. A spectator (a table that allows them) gets the same without `you`. With
    `?since=<version>`, an unchanged table answers 304 with no body: poll with it, or follow the table's
    event stream instead.

    Args:
        table_id (int):
        since (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | State
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        since=since,
    ).parsed


async def asyncio_detailed(
    table_id: int,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
) -> Response[Any | Error | State]:
    """What the caller may see of the game

     Your view of the game: the seats, the round (the top card, the color in play, the turn, the
    deadline), your hand with the cards you may play and why the others are refused, and the actions
    open to you now. A spectator (a table that allows them) gets the same without `you`. With
    `?since=<version>`, an unchanged table answers 304 with no body: poll with it, or follow the table's
    event stream instead.

    Args:
        table_id (int):
        since (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | State]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        since=since,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: int,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
) -> Any | Error | State | None:
    """What the caller may see of the game

     Your view of the game: the seats, the round (the top card, the color in play, the turn, the
    deadline), your hand with the cards you may play and why the others are refused, and the actions
    open to you now. A spectator (a table that allows them) gets the same without `you`. With
    `?since=<version>`, an unchanged table answers 304 with no body: poll with it, or follow the table's
    event stream instead.

    Args:
        table_id (int):
        since (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | State
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            since=since,
        )
    ).parsed
