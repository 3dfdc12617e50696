"""Every club gets a slug, the address of its public page (``/clubs/<slug>/``).

Existing clubs get ``slugify(name)`` (``club`` for a name with no letter or digit), then
``-2``, ``-3``… when another club has it already, in the order of their primary keys.
"""

from django.db import migrations, models
from django.utils.text import slugify


def give_slugs(apps, schema_editor):
    """Give each club a slug no other club has (see above)."""
    Club = apps.get_model("tournaments", "Club")
    taken = set()
    for club in Club.objects.order_by("pk"):
        base = slugify(club.name)[:150] or "club"
        slug, n = base, 1
        while slug in taken:
            n += 1
            slug = f"{base}-{n}"
        taken.add(slug)
        club.slug = slug
        club.save(update_fields=["slug"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0022_challenge_challenges"),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="slug",
            # No index yet: the unique field below makes it (on PostgreSQL, an index here
            # and the unique one would both create the same "_like" index).
            field=models.SlugField(db_index=False, max_length=160, null=True, verbose_name="slug"),
        ),
        migrations.RunPython(give_slugs, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="club",
            name="slug",
            field=models.SlugField(max_length=160, unique=True, verbose_name="slug"),
        ),
    ]
