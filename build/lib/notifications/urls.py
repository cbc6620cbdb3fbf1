from django.urls import path

from . import api, views

app_name = "notifications"

urlpatterns = [
    path("unsubscribe/<str:token>", views.unsubscribe_page, name="unsubscribe"),
    path("api/me/notifications", api.PreferencesView.as_view(), name="api-preferences"),
]
