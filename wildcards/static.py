"""The static files' storage (settings.STORAGES): WhiteNoise's manifest storage, which
`collectstatic` fills with a copy of each file under a name holding its content's hash, and gzip
copies beside them. A changed file gets a new name, so the app serves the hashed names with a
year's `immutable` cache (docs/hosting.md, "Static files").

Until `collectstatic` has run (`make run`, the tests) there is no manifest: the pages then name
each file by its own name, which the middleware serves from the apps' folders."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFiles(CompressedManifestStaticFilesStorage):
    def stored_name(self, name: str) -> str:
        if not self.hashed_files:  # no manifest: not collected (collectstatic itself uses
            return name  # `_stored_name` while it hashes)
        return super().stored_name(name)
