from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.chat import Chat
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: int,
    *,
    after: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/tables/{table_id}/chat".format(
            table_id=quote(str(table_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Chat | Error | None:
    if response.status_code == 200:
        response_200 = Chat.from_dict(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Chat | Error]:
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
    after: int | Unset = UNSET,
) -> Response[Chat | Error]:
    """The table's chat

     For the people seated, and for spectators where the table allows them. Messages of people you mute
    are left out; the host also reads the messages they hid (`hidden`: true).

    Args:
        table_id (int):
        after (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Chat | Error]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        after=after,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
) -> Chat | Error | None:
    """The table's chat

     For the people seated, and for spectators where the table allows them. Messages of people you mute
    are left out; the host also reads the messages they hid (`hidden`: true).

    Args:
        table_id (int):
        after (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Chat | Error
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        after=after,
    ).parsed


async def asyncio_detailed(
    table_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
) -> Response[Chat | Error]:
    """The table's chat

     For the people seated, and for spectators where the table allows them. Messages of people you mute
    are left out; the host also reads the messages they hid (`hidden`: true).

    Args:
        table_id (int):
        after (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Chat | Error]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        after=after,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: int,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
) -> Chat | Error | None:
    """The table's chat

     For the people seated, and for spectators where the table allows them. Messages of people you mute
    are left out; the host also reads the messages they hid (`hidden`: true).

    Args:
        table_id (int):
        after (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Chat | Error
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            after=after,
        )
    ).parsed
