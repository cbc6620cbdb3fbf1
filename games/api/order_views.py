"""`GET/PUT /api/tables/{id}/orders`: the standing orders of the caller's seat (a thin view
over `games.service.orders`; docs/api.md, "Standing orders")."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework.response import Response

from games.service import orders

from . import schema as e
from .errors import GameAPIView
from .order_serializers import OrdersSerializer

GIVEN = {"orders": ["draw-when-stuck", "play-drawn"], "keep": False}
ORDERS = OpenApiResponse(OrdersSerializer, "The orders of your seat that hold now.",
                         [OpenApiExample("Two orders for this round", value=GIVEN)])
NOT_SEATED = e.error("No seat at the table.", e.body("not-seated",
                                                     "You have no seat at this table."))
BAD_ORDERS = e.error("An order that is not one of the four codes, or bad input.", e.body(
    "invalid", 'orders.0: "draw-always" is not a valid choice.',
    fields={"orders": {"0": ['"draw-always" is not a valid choice.']}}), e.PARSE_ERROR)


class OrdersView(GameAPIView):
    @extend_schema(
        summary="Your standing orders at the table", tags=["play"], operation_id="getOrders",
        description="The orders that hold now: orders not kept end with the round they were "
                    "given in.",
        responses={200: ORDERS, 403: NOT_SEATED, 404: e.NOT_FOUND, **e.LOGGED_IN})
    def get(self, request, table_id: int):
        return Response(orders.orders_of(table_id, request.user))

    @extend_schema(
        summary="Give or cancel your standing orders (none: cancel)", tags=["play"],
        operation_id="setOrders", request=OrdersSerializer,
        examples=[OpenApiExample("Draw when stuck, play what was drawn", value=GIVEN,
                                 request_only=True),
                  OpenApiExample("Cancel them", value={"orders": [], "keep": False},
                                 request_only=True)],
        description="When your turn comes and an order makes its move, the table makes it for "
                    "you, logged `by: \"order\"`: after `WILDCARDS_ORDER_DELAY` seconds (60) "
                    "while the others may still jump in or catch a missed last-card call, at "
                    "once otherwise. Orders never choose for you: not which card, not a color "
                    "that two colors tie for, not whether to answer a penalty. Turn-by-turn "
                    "tables only. The table's version does not move.",
        responses={200: ORDERS, **e.WITH_BODY, 400: BAD_ORDERS, 403: NOT_SEATED,
                   404: e.NOT_FOUND,
                   **e.conflict(e.body("not-turn-by-turn", "Standing orders are for "
                                       "turn-by-turn tables: a real-time turn is over before "
                                       "one would act."),
                                e.body("game-not-playing", "This game is over for your "
                                       "seat."))})
    def put(self, request, table_id: int):
        serializer = OrdersSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        return Response(orders.give_orders(table_id, request.user, data["orders"],
                                           data["keep"]))
