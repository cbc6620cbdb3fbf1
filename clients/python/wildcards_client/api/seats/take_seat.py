from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.swap import Swap
from ...models.take_seat_request import TakeSeatRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: int,
    number: int,
    *,
    body: TakeSeatRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/tables/{table_id}/seats/{number}/person".format(
            table_id=quote(str(table_id), safe=""),
            number=quote(str(number), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Swap | None:
    if response.status_code == 200:
        response_200 = Swap.from_dict(response.json())

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
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | Swap]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    table_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
    body: TakeSeatRequest | Unset = UNSET,
) -> Response[Error | Swap]:
    """Take a bot's seat back (your own) or over (a bot's, with the invite code)

     A person takes over a bot's seat: your own seat back from the bot that played it, or (with the
    invite code) a house bot's seat. Before the first deal at once; in a game to a target score when the
    next round is dealt (`pending`: true).

    Args:
        table_id (int):
        number (int):
        body (TakeSeatRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Swap]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        number=number,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
    body: TakeSeatRequest | Unset = UNSET,
) -> Error | Swap | None:
    """Take a bot's seat back (your own) or over (a bot's, with the invite code)

     A person takes over a bot's seat: your own seat back from the bot that played it, or (with the
    invite code) a house bot's seat. Before the first deal at once; in a game to a target score when the
    next round is dealt (`pending`: true).

    Args:
        table_id (int):
        number (int):
        body (TakeSeatRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Swap
    """

    return sync_detailed(
        table_id=table_id,
        number=number,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    table_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
    body: TakeSeatRequest | Unset = UNSET,
) -> Response[Error | Swap]:
    """Take a bot's seat back (your own) or over (a bot's, with the invite code)

     A person takes over a bot's seat: your own seat back from the bot that played it, or (with the
    invite code) a house bot's seat. Before the first deal at once; in a game to a target score when the
    next round is dealt (`pending`: true).

    Args:
        table_id (int):
        number (int):
        body (TakeSeatRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Swap]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        number=number,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: int,
    number: int,
    *,
    client: AuthenticatedClient,
    body: TakeSeatRequest | Unset = UNSET,
) -> Error | Swap | None:
    """Take a bot's seat back (your own) or over (a bot's, with the invite code)

     A person takes over a bot's seat: your own seat back from the bot that played it, or (with the
    invite code) a house bot's seat. Before the first deal at once; in a game to a target score when the
    next round is dealt (`pending`: true).

    Args:
        table_id (int):
        number (int):
        body (TakeSeatRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Swap
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            number=number,
            client=client,
            body=body,
        )
    ).parsed
