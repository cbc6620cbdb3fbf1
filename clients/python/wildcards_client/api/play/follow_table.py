from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: int,
    *,
    since: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["since"] = since

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/tables/{table_id}/events".format(
            table_id=quote(str(table_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | str]:
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
    since: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[Error | str]:
    """Follow the table: server-sent events, one per change

     Server-sent events (`text/event-stream`): a stream that does not end. Read it as a stream, line by
    line (an `EventSource` in a browser; in Python, httpx's `stream()`), not as one body: a client that
    waits for the whole answer waits forever. Each event is `id: <version>`, `event: <name>` and one
    line of JSON `data`; `x-events` on the answer names the component of each event's data. A `state`
    event brings the follower to the table's version (`from`: where it starts; `state`: as `GET state`
    gives it to the caller; `moves`: the move log's entries in between). A `chat` event (no id) is a
    chat message: `message`, or `gone` (a message id the host hid). A `reset` event tells a client too
    far behind to read the state again; `gone`, that the table is no more (the stream ends). A comment
    line (`: keep-alive`) comes every 15 s of quiet. A client that reconnects sends `Last-Event-ID` and
    misses nothing. An open stream keeps a real-time seat present. A stream the server cannot serve now
    (busy, or restarting) is a 200 with a `retry:` line alone, and ends: the browser comes back after
    that many milliseconds.

    Args:
        table_id (int):
        since (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        since=since,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: int,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Error | str | None:
    """Follow the table: server-sent events, one per change

     Server-sent events (`text/event-stream`): a stream that does not end. Read it as a stream, line by
    line (an `EventSource` in a browser; in Python, httpx's `stream()`), not as one body: a client that
    waits for the whole answer waits forever. Each event is `id: <version>`, `event: <name>` and one
    line of JSON `data`; `x-events` on the answer names the component of each event's data. A `state`
    event brings the follower to the table's version (`from`: where it starts; `state`: as `GET state`
    gives it to the caller; `moves`: the move log's entries in between). A `chat` event (no id) is a
    chat message: `message`, or `gone` (a message id the host hid). A `reset` event tells a client too
    far behind to read the state again; `gone`, that the table is no more (the stream ends). A comment
    line (`: keep-alive`) comes every 15 s of quiet. A client that reconnects sends `Last-Event-ID` and
    misses nothing. An open stream keeps a real-time seat present. A stream the server cannot serve now
    (busy, or restarting) is a 200 with a `retry:` line alone, and ends: the browser comes back after
    that many milliseconds.

    Args:
        table_id (int):
        since (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        since=since,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    table_id: int,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[Error | str]:
    """Follow the table: server-sent events, one per change

     Server-sent events (`text/event-stream`): a stream that does not end. Read it as a stream, line by
    line (an `EventSource` in a browser; in Python, httpx's `stream()`), not as one body: a client that
    waits for the whole answer waits forever. Each event is `id: <version>`, `event: <name>` and one
    line of JSON `data`; `x-events` on the answer names the component of each event's data. A `state`
    event brings the follower to the table's version (`from`: where it starts; `state`: as `GET state`
    gives it to the caller; `moves`: the move log's entries in between). A `chat` event (no id) is a
    chat message: `message`, or `gone` (a message id the host hid). A `reset` event tells a client too
    far behind to read the state again; `gone`, that the table is no more (the stream ends). A comment
    line (`: keep-alive`) comes every 15 s of quiet. A client that reconnects sends `Last-Event-ID` and
    misses nothing. An open stream keeps a real-time seat present. A stream the server cannot serve now
    (busy, or restarting) is a 200 with a `retry:` line alone, and ends: the browser comes back after
    that many milliseconds.

    Args:
        table_id (int):
        since (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        since=since,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: int,
    *,
    client: AuthenticatedClient,
    since: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Error | str | None:
    """Follow the table: server-sent events, one per change

     Server-sent events (`text/event-stream`): a stream that does not end. Read it as a stream, line by
    line (an `EventSource` in a browser; in Python, httpx's `stream()`), not as one body: a client that
    waits for the whole answer waits forever. Each event is `id: <version>`, `event: <name>` and one
    line of JSON `data`; `x-events` on the answer names the component of each event's data. A `state`
    event brings the follower to the table's version (`from`: where it starts; `state`: as `GET state`
    gives it to the caller; `moves`: the move log's entries in between). A `chat` event (no id) is a
    chat message: `message`, or `gone` (a message id the host hid). A `reset` event tells a client too
    far behind to read the state again; `gone`, that the table is no more (the stream ends). A comment
    line (`: keep-alive`) comes every 15 s of quiet. A client that reconnects sends `Last-Event-ID` and
    misses nothing. An open stream keeps a real-time seat present. A stream the server cannot serve now
    (busy, or restarting) is a 200 with a `retry:` line alone, and ends: the browser comes back after
    that many milliseconds.

    Args:
        table_id (int):
        since (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            since=since,
            last_event_id=last_event_id,
        )
    ).parsed
