"""The players' seeds (docs/fairness.md): a seated person adds a seed of their own to the next
deal, whose commitment the state shows as `next_deal` (a thin view over `games.service.seeds`;
the host's seed for the first deal may also come with the start)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from games.service import seeds
from wildcards.api_serializers import StrictSerializer, WholeNumberField

from . import examples as ex
from . import schema as e
from .errors import GameAPIView
from .game_serializers import NextDealSerializer
from .serializers import ClientSeedField

COMMITMENT = "0c8e5f3a6b9d2e71f4a0c3b6d9e2f5a8b1c4d7e0f3a6b9c2d5e8f1a4b7c0d3e6"
ADDED = {"round": 3, "seat": 0, "client_seed": "9f1c2e8a0b7d4c3f6e5a1b2c3d4e5f60",
         "next_deal": {"round": 3, "commitment": COMMITMENT, "seeded": [0, 2]}}


class ClientSeedSerializer(StrictSerializer):
    round = WholeNumberField(min_value=1, max_value=32767,
                             help_text="The round the seed is for: `next_deal.round` of the "
                                       "state.")
    client_seed = ClientSeedField(help_text="1 to 64 letters, digits, '-' or '_'.")


class SeedAddedSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    seat = serializers.IntegerField()
    client_seed = serializers.CharField()
    next_deal = NextDealSerializer()


class ClientSeedView(GameAPIView):
    @extend_schema(
        summary="Add your seed to the next deal (a seated player)", tags=["play"],
        description="The round is shuffled from the server's seed, committed to before, mixed "
                    "with every seed the players add (docs/fairness.md). A second seed for the "
                    "same deal replaces the first. It changes nothing anyone plays on: the "
                    "table's version stays.",
        operation_id="addClientSeed", request=ClientSeedSerializer,
        examples=[ex.request("Your seed for round 3", {
            "round": 3, "client_seed": "9f1c2e8a0b7d4c3f6e5a1b2c3d4e5f60"})],
        responses={
            200: OpenApiResponse(SeedAddedSerializer, "The seed is added.",
                                 [ex.example("Added", ADDED)]),
            **e.WITH_BODY, 403: e.error("No seat at the table.", e.NOT_SEATED),
            404: e.NOT_FOUND,
            **e.conflict(
                e.body("seed-too-late", "Round 2 has been dealt already: seeds go to round 3 "
                       "now.", fields={"round": ["Round 2 has been dealt already: seeds go to "
                                                 "round 3 now."]}),
                e.body("seed-too-early", "Round 5 is not the next deal: round 3 is.",
                       fields={"round": ["Round 5 is not the next deal: round 3 is."]}),
                e.body("seeds-not-taken", "This table deals from a chosen deck (tests and "
                       "demos): it takes no players' seeds, so that it deals the same every "
                       "time."))})
    def post(self, request, table_id: int):
        serializer = ClientSeedSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        return Response(seeds.add_client_seed(table_id, request.user, data["client_seed"],
                                               data["round"]))
