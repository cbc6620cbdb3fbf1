from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.orders_enum import OrdersEnum, check_orders_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="OrdersRequest")


@_attrs_define
class OrdersRequest:
    """
    Attributes:
        orders (list[OrdersEnum]): The orders given, by code (none: no orders). `draw-when-stuck`: Draw when I hold
            nothing I can play; `play-drawn`: Play the card I just drew when it can be played (a Wild in the color I hold
            most); `take-penalty`: Take a waiting penalty I cannot answer; `pass-when-stuck`: Pass when nothing can be
            played or drawn.
        keep (bool | Unset): false: the orders end with the round; true: they hold until cancelled. Default: False.
    """

    orders: list[OrdersEnum]
    keep: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        orders = []
        for orders_item_data in self.orders:
            orders_item: str = orders_item_data
            orders.append(orders_item)

        keep = self.keep

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "orders": orders,
            }
        )
        if keep is not UNSET:
            field_dict["keep"] = keep

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        orders = []
        _orders = d.pop("orders")
        for orders_item_data in _orders:
            orders_item = check_orders_enum(orders_item_data)

            orders.append(orders_item)

        keep = d.pop("keep", UNSET)

        orders_request = cls(
            orders=orders,
            keep=keep,
        )

        return orders_request
