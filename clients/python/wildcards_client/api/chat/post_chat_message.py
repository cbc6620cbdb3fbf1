from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.chat_message import ChatMessage
from ...models.chat_post_request import ChatPostRequest
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    table_id: int,
    *,
    body: ChatPostRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/tables/{table_id}/chat".format(
            table_id=quote(str(table_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChatMessage | Error | None:
    if response.status_code == 201:
        response_201 = ChatMessage.from_dict(response.json())

        return response_201

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

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ChatMessage | Error]:
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
    body: ChatPostRequest,
) -> Response[ChatMessage | Error]:
    """Say something at the table (people seated)

     At most 500 characters, kept as written: escape it to show it. It reaches open event streams as
    `event: chat` (no `id:`; the table's version does not move).

    Args:
        table_id (int):
        body (ChatPostRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatMessage | Error]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: int,
    *,
    client: AuthenticatedClient,
    body: ChatPostRequest,
) -> ChatMessage | Error | None:
    """Say something at the table (people seated)

     At most 500 characters, kept as written: escape it to show it. It reaches open event streams as
    `event: chat` (no `id:`; the table's version does not move).

    Args:
        table_id (int):
        body (ChatPostRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatMessage | Error
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    table_id: int,
    *,
    client: AuthenticatedClient,
    body: ChatPostRequest,
) -> Response[ChatMessage | Error]:
    """Say something at the table (people seated)

     At most 500 characters, kept as written: escape it to show it. It reaches open event streams as
    `event: chat` (no `id:`; the table's version does not move).

    Args:
        table_id (int):
        body (ChatPostRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatMessage | Error]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: int,
    *,
    client: AuthenticatedClient,
    body: ChatPostRequest,
) -> ChatMessage | Error | None:
    """Say something at the table (people seated)

     At most 500 characters, kept as written: escape it to show it. It reaches open event streams as
    `event: chat` (no `id:`; the table's version does not move).

    Args:
        table_id (int):
        body (ChatPostRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatMessage | Error
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            body=body,
        )
    ).parsed
