"""ASGI entry point: `uvicorn wildcards.asgi:application`, or gunicorn with
`-k wildcards.workers.UvicornWorker` (docs/hosting.md).

Django's own handler, with four changes:
- the list of work kept until the response is sent (`wildcards.after_response`) is opened
  around it: Django's ASGI handler sends `request_started` in a task of its own, whose context
  the request never sees;
- `request_started`, the middleware and the view run together in one hop to a thread, as
  under WSGI (Django sends the signal in a hop of its own before, 0.2 ms a request): Django's
  ASGI handler builds the middleware chain for the event loop, and a chain of synchronous
  middleware and views crosses between the loop and a thread at every change of kind (and
  twice for each of Django's own middleware, in `MiddlewareMixin.__acall__`), eight to ten
  crossings a request, each a future, a lock and a wake-up (docs/benchmarks.md, "One hop a
  request");
- that thread is borrowed from a few kept for that (`wildcards.request_threads`), not one
  started for the request and ended with it;
- a response streamed from an asynchronous generator (the event stream) gives back its thread
  as soon as it starts: an open event stream would park one thread for as long as it is
  followed (134 KiB and a thread per idle stream, docs/benchmarks.md). Its generator runs on
  the event loop, and its database work in the shared pool: the request's thread has nothing
  left to do.

Requests of a kind an app gates (`wildcards.admission`: the event stream's opening) are counted,
and refused before Django when too many are in hand.

And what is loaded at start-up (Django, the apps, the URL patterns: about 100,000 objects) is
frozen out of the garbage collector's way, and young collections are rarer (below): a full
collection walks every object it tracks, and with a few hundred streams open in a worker those
walks held all its requests for up to 0.7 s (docs/benchmarks.md, "The event stream").
"""

import asyncio
import contextlib
import gc
import os

import django
from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.urls import get_resolver, set_script_prefix

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildcards.settings")
django.setup(set_prefix=False)

from wildcards import admission, after_response, request_threads  # noqa: E402  (after setup)


class Handler(ASGIHandler):
    def __init__(self) -> None:
        BaseHandler.__init__(self)
        self.load_middleware(is_async=False)  # the synchronous chain, as WSGI runs it

    async def get_response_async(self, request):
        return await sync_to_async(self._started, thread_sensitive=True)(request)

    def _started(self, request):
        """In the request's thread: `request_started`, then the middleware and the view."""
        signals.request_started.send(sender=self.__class__, scope=request.scope)
        return self.get_response(request)

    async def handle(self, scope, receive, send):
        """Django's own (5.2), but for `request_started`: sent in the request's one hop to its
        thread (`_started`), not in a hop of its own before it (0.2 ms of CPU a request, 14 %
        of a stream's opening: docs/benchmarks.md, "Issue 29, 2026-12-07"). A request whose
        client left before that hop sends `request_finished` alone, as its only signal."""
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        set_script_prefix(get_script_prefix(scope))
        request, error_response = self.create_request(scope, body_file)
        if request is None:
            await signals.request_started.asend(sender=self.__class__, scope=scope)
            body_file.close()
            await self.send_response(error_response, send)
            await sync_to_async(error_response.close)()
            return

        async def process_request(request, send):
            response = await self.run_get_response(request)
            with contextlib.suppress(asyncio.CancelledError):  # the client went away
                await self.send_response(response, send)
            return response

        # The disconnect's listener first: it raises nothing that would keep the request's
        # task from being cancelled.
        tasks = [asyncio.create_task(self.listen_for_disconnect(receive)),
                 asyncio.create_task(process_request(request, send))]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:
            if task.done():
                try:
                    task.result()
                except RequestAborted:
                    pass
                except AssertionError:
                    body_file.close()
                    raise
            else:
                task.cancel()  # (views may handle their cancellation)
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        try:
            response = tasks[1].result()
        except asyncio.CancelledError:
            await signals.request_finished.asend(sender=self.__class__)
        else:
            await sync_to_async(response.close)()
        body_file.close()

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await super().__call__(scope, receive, send)  # (Django refuses it)
        async with request_threads.Borrowed(last=admission.gated(scope)) as executor, \
                ThreadSensitiveContext(executor=executor):
            await self.handle(scope, receive, send)

    async def send_response(self, response, send):
        if response.streaming and response.is_async:
            request_threads.release()
        await super().send_response(response, send)


django_application = Handler()
get_resolver().url_patterns  # noqa: B018  (the views load now: their gates too, and frozen)
gc.collect()
gc.freeze()
# A young collection every 50,000 allocations, not 700: what a request holds across its hops
# between the loop and its thread survived two young collections, so reached the oldest
# generation, and a full collection (over every object of thousands of open streams: 0.3 to 1.8
# s with 4,500 streams a worker) followed every few seconds; now one every few minutes
# (docs/benchmarks.md, "Full collections").
gc.set_threshold(50_000, 20, 10)


async def application(scope, receive, send):
    if scope["type"] == "http":
        after_response.open_request()
    await admission.admit(django_application, scope, receive, send)

