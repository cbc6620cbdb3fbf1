from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.orders import Orders
from ...models.orders_request import OrdersRequest
from ...types import Response


def _get_kwargs(
    table_id: int,
    *,
    body: OrdersRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/tables/{table_id}/orders".format(
            table_id=quote(str(table_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Orders | None:
    if response.status_code == 200:
        response_200 = Orders.from_dict(response.json())

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
) -> Response[Error | Orders]:
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
    body: OrdersRequest,
) -> Response[Error | Orders]:
    """Give or cancel your standing orders (none: cancel)

     When your turn comes and an order makes its move, the table makes it for you, logged `by: "order"`:
    after `WILDCARDS_ORDER_DELAY` seconds (60) while the others may still jump in or catch a missed
    last-card call, at once otherwise. Orders never choose for you: not which card, not a color that two
    colors tie for, not whether to answer a penalty. Turn-by-turn tables only. The table's version does
    not move.

    Args:
        table_id (int):
        body (OrdersRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Orders]
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
    body: OrdersRequest,
) -> Error | Orders | None:
    """Give or cancel your standing orders (none: cancel)

     When your turn comes and an order makes its move, the table makes it for you, logged `by: "order"`:
    after `WILDCARDS_ORDER_DELAY` seconds (60) while the others may still jump in or catch a missed
    last-card call, at once otherwise. Orders never choose for you: not which card, not a color that two
    colors tie for, not whether to answer a penalty. Turn-by-turn tables only. The table's version does
    not move.

    Args:
        table_id (int):
        body (OrdersRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Orders
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
    body: OrdersRequest,
) -> Response[Error | Orders]:
    """Give or cancel your standing orders (none: cancel)

     When your turn comes and an order makes its move, the table makes it for you, logged `by: "order"`:
    after `WILDCARDS_ORDER_DELAY` seconds (60) while the others may still jump in or catch a missed
    last-card call, at once otherwise. Orders never choose for you: not which card, not a color that two
    colors tie for, not whether to answer a penalty. Turn-by-turn tables only. The table's version does
    not move.

    Args:
        table_id (int):
        body (OrdersRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Orders]
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
    body: OrdersRequest,
) -> Error | Orders | None:
    """Give or cancel your standing orders (none: cancel)

     When your turn comes and an order makes its move, the table makes it for you, logged `by: "order"`:
    after `WILDCARDS_ORDER_DELAY` seconds (60) while the others may still jump in or catch a missed
    last-card call, at once otherwise. Orders never choose for you: not which card, not a color that two
    colors tie for, not whether to answer a penalty. Turn-by-turn tables only. The table's version does
    not move.

    Args:
        table_id (int):
        body (OrdersRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Orders
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            body=body,
        )
    ).parsed
