"""One account an email address, whatever its case.

Existing rows may break the rule. Rather than pick an owner for an address (and take it from
the others, who would lose their password resets and notices), the migration stops and lists
every address in use more than once; an operator gives each of those accounts its own address
(or none, an empty one) in the admin or `manage.py shell`, then runs `migrate` again.
"""

from django.db import migrations, models
from django.db.models import Count, Q
from django.db.models.functions import Lower


class DuplicateAddresses(Exception):
    pass


def refuse_duplicates(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    shared = (User.objects.exclude(email="").annotate(address=Lower("email"))
              .values("address").annotate(accounts=Count("id")).filter(accounts__gt=1)
              .values_list("address", flat=True))
    shared = sorted(shared)
    if not shared:
        return
    lines = []
    for address in shared:
        users = (User.objects.annotate(address=Lower("email")).filter(address=address)
                 .order_by("pk"))
        lines.append(f"  {address}: " + ", ".join(f"{user.username} (id {user.pk}, "
                                                  f"{user.email})" for user in users))
    raise DuplicateAddresses(
        "Email addresses must belong to one account each, ignoring case, but these are used "
        "by several accounts:\n" + "\n".join(lines) + "\nGive each of these accounts an "
        "address of its own, or none (an empty address), in the admin (/admin/accounts/user/) "
        "or with `manage.py shell`, then run `manage.py migrate` again. Nothing was changed.")


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(refuse_duplicates, migrations.RunPython.noop, elidable=True),
        migrations.AddConstraint(
            model_name="user",
            constraint=models.UniqueConstraint(
                Lower("email"), condition=~Q(email=""), name="user_email_ci_unique",
                violation_error_message="Another account uses that address."),
        ),
    ]
