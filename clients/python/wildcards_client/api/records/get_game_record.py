from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.record import Record
from ...types import Response


def _get_kwargs(
    table_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/games/{table_id}/record".format(
            table_id=quote(str(table_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Record | None:
    if response.status_code == 200:
        response_200 = Record.from_dict(response.json())

        return response_200

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | Record]:
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
) -> Response[Error | Record]:
    """A finished game's record (format wild-cards-record 2)

     The whole finished game, in the format `wild-cards-record` version 2: its players, settings, every
    round with its revealed seed, salt and players' seeds, and every move with what it did, every card
    face up. Anyone may check it offline: the seeds reproduce every deal and draw. Only for the game's
    players, or anyone when it allowed spectators.

    Args:
        table_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Record]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: int,
    *,
    client: AuthenticatedClient,
) -> Error | Record | None:
    """A finished game's record (format wild-cards-record 2)

     The whole finished game, in the format `wild-cards-record` version 2: its players, settings, every
    round with its revealed seed, salt and players' seeds, and every move with what it did, every card
    face up. Anyone may check it offline: the seeds reproduce every deal and draw. Only for the game's
    players, or anyone when it allowed spectators.

    Args:
        table_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Record
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    table_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[Error | Record]:
    """A finished game's record (format wild-cards-record 2)

     The whole finished game, in the format `wild-cards-record` version 2: its players, settings, every
    round with its revealed seed, salt and players' seeds, and every move with what it did, every card
    face up. Anyone may check it offline: the seeds reproduce every deal and draw. Only for the game's
    players, or anyone when it allowed spectators.

    Args:
        table_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Record]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: int,
    *,
    client: AuthenticatedClient,
) -> Error | Record | None:
    """A finished game's record (format wild-cards-record 2)

     The whole finished game, in the format `wild-cards-record` version 2: its players, settings, every
    round with its revealed seed, salt and players' seeds, and every move with what it did, every card
    face up. Anyone may check it offline: the seeds reproduce every deal and draw. Only for the game's
    players, or anyone when it allowed spectators.

    Args:
        table_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Record
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
        )
    ).parsed
