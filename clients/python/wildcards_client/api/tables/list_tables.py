from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_tables_status import ListTablesStatus
from ...models.paginated_table_list import PaginatedTableList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: ListTablesStatus | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["limit"] = limit

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/tables",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PaginatedTableList | None:
    if response.status_code == 200:
        response_200 = PaginatedTableList.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | PaginatedTableList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: ListTablesStatus | Unset = UNSET,
) -> Response[Error | PaginatedTableList]:
    """List tables, newest first, in pages

     Tables by status: `open` (the default: waiting for players, with a free seat), `waiting`, `playing`
    or `finished`; newest first, in pages of `limit` (50, at most 100) with `next` the address of the
    next page. The invite code is shown only at tables where you hold a seat.

    Args:
        cursor (str | Unset):
        limit (int | Unset):
        status (ListTablesStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PaginatedTableList]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        limit=limit,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: ListTablesStatus | Unset = UNSET,
) -> Error | PaginatedTableList | None:
    """List tables, newest first, in pages

     Tables by status: `open` (the default: waiting for players, with a free seat), `waiting`, `playing`
    or `finished`; newest first, in pages of `limit` (50, at most 100) with `next` the address of the
    next page. The invite code is shown only at tables where you hold a seat.

    Args:
        cursor (str | Unset):
        limit (int | Unset):
        status (ListTablesStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PaginatedTableList
    """

    return sync_detailed(
        client=client,
        cursor=cursor,
        limit=limit,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: ListTablesStatus | Unset = UNSET,
) -> Response[Error | PaginatedTableList]:
    """List tables, newest first, in pages

     Tables by status: `open` (the default: waiting for players, with a free seat), `waiting`, `playing`
    or `finished`; newest first, in pages of `limit` (50, at most 100) with `next` the address of the
    next page. The invite code is shown only at tables where you hold a seat.

    Args:
        cursor (str | Unset):
        limit (int | Unset):
        status (ListTablesStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PaginatedTableList]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        limit=limit,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = UNSET,
    status: ListTablesStatus | Unset = UNSET,
) -> Error | PaginatedTableList | None:
    """List tables, newest first, in pages

     Tables by status: `open` (the default: waiting for players, with a free seat), `waiting`, `playing`
    or `finished`; newest first, in pages of `limit` (50, at most 100) with `next` the address of the
    next page. The invite code is shown only at tables where you hold a seat.

    Args:
        cursor (str | Unset):
        limit (int | Unset):
        status (ListTablesStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PaginatedTableList
    """

    return (
        await asyncio_detailed(
            client=client,
            cursor=cursor,
            limit=limit,
            status=status,
        )
    ).parsed
