from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.table import Table
from ...models.table_create_request import TableCreateRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: TableCreateRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/tables",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Table | None:
    if response.status_code == 201:
        response_201 = Table.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | Table]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: TableCreateRequest | Unset = UNSET,
) -> Response[Error | Table]:
    """Create a table (you take seat 0 and host it)

     A new table, waiting for players: you take seat 0 and host it. Every field has a default; `options`
    are the house rules, `scoring` a single round or a game to a target score. Others join with the
    table's `invite` code (or an invitation), the host seats bots, and the host starts the game.

    Args:
        body (TableCreateRequest | Unset): A new table's body: every table setting
            (games/api/setting_fields.py), and a rigged deal.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Table]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: TableCreateRequest | Unset = UNSET,
) -> Error | Table | None:
    """Create a table (you take seat 0 and host it)

     A new table, waiting for players: you take seat 0 and host it. Every field has a default; `options`
    are the house rules, `scoring` a single round or a game to a target score. Others join with the
    table's `invite` code (or an invitation), the host seats bots, and the host starts the game.

    Args:
        body (TableCreateRequest | Unset): A new table's body: every table setting
            (games/api/setting_fields.py), and a rigged deal.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Table
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: TableCreateRequest | Unset = UNSET,
) -> Response[Error | Table]:
    """Create a table (you take seat 0 and host it)

     A new table, waiting for players: you take seat 0 and host it. Every field has a default; `options`
    are the house rules, `scoring` a single round or a game to a target score. Others join with the
    table's `invite` code (or an invitation), the host seats bots, and the host starts the game.

    Args:
        body (TableCreateRequest | Unset): A new table's body: every table setting
            (games/api/setting_fields.py), and a rigged deal.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Table]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: TableCreateRequest | Unset = UNSET,
) -> Error | Table | None:
    """Create a table (you take seat 0 and host it)

     A new table, waiting for players: you take seat 0 and host it. Every field has a default; `options`
    are the house rules, `scoring` a single round or a game to a target score. Others join with the
    table's `invite` code (or an invitation), the host seats bots, and the host starts the game.

    Args:
        body (TableCreateRequest | Unset): A new table's body: every table setting
            (games/api/setting_fields.py), and a rigged deal.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Table
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
