from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.refusal import Refusal
from ...models.state import State
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: int,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/tables/{table_id}/concede".format(
            table_id=quote(str(table_id), safe=""),
        ),
    }

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

    if response.status_code == 422:
        response_422 = Refusal.from_dict(response.json())

        return response_422

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
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Refusal | State]:
    """Concede: your cards go to the bottom of the draw pile

     Leave the game for good: your cards go to the bottom of the draw pile and play goes on without you;
    if only one player is left, they win at once. The same as `POST moves` with `{"action": "concede"}`.

    Args:
        table_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Refusal | State]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
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
    idempotency_key: str | Unset = UNSET,
) -> Error | Refusal | State | None:
    """Concede: your cards go to the bottom of the draw pile

     Leave the game for good: your cards go to the bottom of the draw pile and play goes on without you;
    if only one player is left, they win at once. The same as `POST moves` with `{"action": "concede"}`.

    Args:
        table_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Refusal | State
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    table_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Refusal | State]:
    """Concede: your cards go to the bottom of the draw pile

     Leave the game for good: your cards go to the bottom of the draw pile and play goes on without you;
    if only one player is left, they win at once. The same as `POST moves` with `{"action": "concede"}`.

    Args:
        table_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Refusal | State]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: int,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Error | Refusal | State | None:
    """Concede: your cards go to the bottom of the draw pile

     Leave the game for good: your cards go to the bottom of the draw pile and play goes on without you;
    if only one player is left, they win at once. The same as `POST moves` with `{"action": "concede"}`.

    Args:
        table_id (int):
        idempotency_key (str | Unset):

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
            idempotency_key=idempotency_key,
        )
    ).parsed
