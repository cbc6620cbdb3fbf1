"""Shapes of the standing orders' endpoint (`GET/PUT /api/tables/{id}/orders`)."""

from __future__ import annotations

from rest_framework import serializers

from games.rules.orders import ORDERS
from wildcards.api_serializers import StrictSerializer, TrueFalseField


class OrdersSerializer(StrictSerializer):
    orders = serializers.ListField(
        child=serializers.ChoiceField(choices=list(ORDERS)), max_length=len(ORDERS),
        help_text="The orders given, by code (none: no orders). " + "; ".join(
            f"`{code}`: {words}" for code, words in ORDERS.items()) + ".")
    keep = TrueFalseField(default=False, help_text="false: the orders end with the round; "
                                                   "true: they hold until cancelled.")
