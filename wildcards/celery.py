"""The Celery app, configured from Django settings (the CELERY_ namespace).

Processes: the web (queues tasks), `celery -A wildcards worker` (runs them) and
`celery -A wildcards beat` (queues the periodic ones of CELERY_BEAT_SCHEDULE). The broker is
Redis from REDIS_URL, or without it kombu's filesystem transport under .celery/ (see settings).
"""

import os
from pathlib import Path

from celery import Celery
from celery.signals import before_task_publish, task_postrun, task_prerun

from wildcards import log_filters

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wildcards.settings")

app = Celery("wildcards")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

before_task_publish.connect(log_filters.carry_request_id, dispatch_uid="wildcards.carry_request_id")
task_prerun.connect(log_filters.take_request_id, dispatch_uid="wildcards.take_request_id")
task_postrun.connect(log_filters.drop_request_id, dispatch_uid="wildcards.drop_request_id")


def make_broker_folders() -> None:
    """The filesystem transport lists its folders, and beat writes its schedule file: the folders
    must exist before anyone sends, reads or writes."""
    if app.conf.beat_schedule_filename:
        Path(app.conf.beat_schedule_filename).parent.mkdir(parents=True, exist_ok=True)
    if not str(app.conf.broker_url or "").startswith("filesystem://"):
        return
    options = app.conf.broker_transport_options or {}
    for key in ("data_folder_in", "data_folder_out", "control_folder", "processed_folder"):
        if options.get(key):
            Path(options[key]).mkdir(parents=True, exist_ok=True)


@app.on_after_configure.connect
def _on_after_configure(sender, **kwargs) -> None:
    make_broker_folders()
