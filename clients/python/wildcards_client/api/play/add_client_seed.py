from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.client_seed_request import ClientSeedRequest
from ...models.error import Error
from ...models.seed_added import SeedAdded
from ...types import Response


def _get_kwargs(
    table_id: int,
    *,
    body: ClientSeedRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/tables/{table_id}/seed".format(
            table_id=quote(str(table_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SeedAdded | None:
    if response.status_code == 200:
        response_200 = SeedAdded.from_dict(response.json())

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
) -> Response[Error | SeedAdded]:
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
    body: ClientSeedRequest,
) -> Response[Error | SeedAdded]:
    """Add your seed to the next deal (a seated player)

     The round is shuffled from the server's seed, committed to before, mixed with every seed the players
    add (docs/fairness.md). A second seed for the same deal replaces the first. It changes nothing
    anyone plays on: the table's version stays.

    Args:
        table_id (int):
        body (ClientSeedRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SeedAdded]
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
    body: ClientSeedRequest,
) -> Error | SeedAdded | None:
    """Add your seed to the next deal (a seated player)

     The round is shuffled from the server's seed, committed to before, mixed with every seed the players
    add (docs/fairness.md). A second seed for the same deal replaces the first. It changes nothing
    anyone plays on: the table's version stays.

    Args:
        table_id (int):
        body (ClientSeedRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SeedAdded
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
    body: ClientSeedRequest,
) -> Response[Error | SeedAdded]:
    """Add your seed to the next deal (a seated player)

     The round is shuffled from the server's seed, committed to before, mixed with every seed the players
    add (docs/fairness.md). A second seed for the same deal replaces the first. It changes nothing
    anyone plays on: the table's version stays.

    Args:
        table_id (int):
        body (ClientSeedRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SeedAdded]
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
    body: ClientSeedRequest,
) -> Error | SeedAdded | None:
    """Add your seed to the next deal (a seated player)

     The round is shuffled from the server's seed, committed to before, mixed with every seed the players
    add (docs/fairness.md). A second seed for the same deal replaces the first. It changes nothing
    anyone plays on: the table's version stays.

    Args:
        table_id (int):
        body (ClientSeedRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SeedAdded
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            body=body,
        )
    ).parsed
