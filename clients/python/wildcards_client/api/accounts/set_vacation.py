from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.vacation import Vacation
from ...models.vacation_until_request import VacationUntilRequest
from ...types import Response


def _get_kwargs(
    *,
    body: VacationUntilRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/me/vacation",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Vacation | None:
    if response.status_code == 200:
        response_200 = Vacation.from_dict(response.json())

        return response_200

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
) -> Response[Error | Vacation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: VacationUntilRequest,
) -> Response[Error | Vacation]:
    """Start a vacation, or move its end

     Until `until`, your turns at the turn-by-turn tables that allow vacation wait for you: each is due a
    whole turn after the vacation ends. Days are spent by the day, each started day counting, when the
    vacation ends; a move of yours at any table ends it.

    Args:
        body (VacationUntilRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Vacation]
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
    body: VacationUntilRequest,
) -> Error | Vacation | None:
    """Start a vacation, or move its end

     Until `until`, your turns at the turn-by-turn tables that allow vacation wait for you: each is due a
    whole turn after the vacation ends. Days are spent by the day, each started day counting, when the
    vacation ends; a move of yours at any table ends it.

    Args:
        body (VacationUntilRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Vacation
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: VacationUntilRequest,
) -> Response[Error | Vacation]:
    """Start a vacation, or move its end

     Until `until`, your turns at the turn-by-turn tables that allow vacation wait for you: each is due a
    whole turn after the vacation ends. Days are spent by the day, each started day counting, when the
    vacation ends; a move of yours at any table ends it.

    Args:
        body (VacationUntilRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Vacation]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: VacationUntilRequest,
) -> Error | Vacation | None:
    """Start a vacation, or move its end

     Until `until`, your turns at the turn-by-turn tables that allow vacation wait for you: each is due a
    whole turn after the vacation ends. Days are spent by the day, each started day counting, when the
    vacation ends; a move of yours at any table ends it.

    Args:
        body (VacationUntilRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Vacation
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
