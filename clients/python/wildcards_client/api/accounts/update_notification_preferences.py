from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.patched_preferences_change_request import PatchedPreferencesChangeRequest
from ...models.preferences import Preferences
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PatchedPreferencesChangeRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/me/notifications",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Preferences | None:
    if response.status_code == 200:
        response_200 = Preferences.from_dict(response.json())

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
) -> Response[Error | Preferences]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PatchedPreferencesChangeRequest | Unset = UNSET,
) -> Response[Error | Preferences]:
    """Change some of your email preferences

     Change only the preferences you send; the others stay. Quiet hours need a start and an end (both, or
    both null to have none).

    Args:
        body (PatchedPreferencesChangeRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Preferences]
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
    body: PatchedPreferencesChangeRequest | Unset = UNSET,
) -> Error | Preferences | None:
    """Change some of your email preferences

     Change only the preferences you send; the others stay. Quiet hours need a start and an end (both, or
    both null to have none).

    Args:
        body (PatchedPreferencesChangeRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Preferences
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PatchedPreferencesChangeRequest | Unset = UNSET,
) -> Response[Error | Preferences]:
    """Change some of your email preferences

     Change only the preferences you send; the others stay. Quiet hours need a start and an end (both, or
    both null to have none).

    Args:
        body (PatchedPreferencesChangeRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Preferences]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PatchedPreferencesChangeRequest | Unset = UNSET,
) -> Error | Preferences | None:
    """Change some of your email preferences

     Change only the preferences you send; the others stay. Quiet hours need a start and an end (both, or
    both null to have none).

    Args:
        body (PatchedPreferencesChangeRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Preferences
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
