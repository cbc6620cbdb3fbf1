from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.account import Account
from ...models.error import Error
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/me/bot",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Account | Error | None:
    if response.status_code == 200:
        response_200 = Account.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Account | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Account | Error]:
    """Declare your account a bot account

     For a program that plays through the API (docs/api.md, "Writing a bot"): the account is shown as a
    bot wherever its name is (pages, tables, game states, records, profile), and a game it sits at is
    never rated. Only an account that has never played a rated game may become one, and it stays one for
    good. Declaring it again changes nothing. The house bots a host seats (`easy`, `normal`, `hard`) are
    not accounts.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Account | Error]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Account | Error | None:
    """Declare your account a bot account

     For a program that plays through the API (docs/api.md, "Writing a bot"): the account is shown as a
    bot wherever its name is (pages, tables, game states, records, profile), and a game it sits at is
    never rated. Only an account that has never played a rated game may become one, and it stays one for
    good. Declaring it again changes nothing. The house bots a host seats (`easy`, `normal`, `hard`) are
    not accounts.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Account | Error
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Account | Error]:
    """Declare your account a bot account

     For a program that plays through the API (docs/api.md, "Writing a bot"): the account is shown as a
    bot wherever its name is (pages, tables, game states, records, profile), and a game it sits at is
    never rated. Only an account that has never played a rated game may become one, and it stays one for
    good. Declaring it again changes nothing. The house bots a host seats (`easy`, `normal`, `hard`) are
    not accounts.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Account | Error]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Account | Error | None:
    """Declare your account a bot account

     For a program that plays through the API (docs/api.md, "Writing a bot"): the account is shown as a
    bot wherever its name is (pages, tables, game states, records, profile), and a game it sits at is
    never rated. Only an account that has never played a rated game may become one, and it stays one for
    good. Declaring it again changes nothing. The house bots a host seats (`easy`, `normal`, `hard`) are
    not accounts.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Account | Error
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
