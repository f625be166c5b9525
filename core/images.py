"""Picture packs: sets of images that games deal (I'm Not a Human's cards, for one).

Packs come from plugins (``gamenight_image_packs``), from a folder the host
gives the server (``gamenight serve --image-pack DIR``), or from uploads in a
lobby. Pictures that do not come from a package are never served as given:
each is decoded, checked and re-encoded by ``reencode``.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from gamenight.errors import ActionError
from gamenight.game import Move, Shelf, ShelfContext
from marshmallow import Schema, fields, validate

UPLOADS = "uploads"  # the option value standing for the lobby's uploaded pictures
UPLOADS_SHELF_ID = "images.uploads"
MAX_UPLOADED_PACKS = 8
IMAGE_ID = validate.Regexp(r"^[a-z0-9][a-z0-9-]{0,63}$")

MAX_SIDE = 1024
MAX_PIXELS = 40_000_000  # refuse decompression bombs before decoding
ACCEPTED_FORMATS = {"PNG", "JPEG", "WEBP", "GIF", "BMP"}
FOLDER_SUFFIXES = {".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp"}


@dataclass(frozen=True)
class PackImage:
    """One picture: its id within the pack, its file, and optional tags per language."""

    id: str
    path: Path
    tags: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class ImagePack:
    """A named set of pictures; ``id`` is global (prefix it with your package's name)."""

    id: str
    names: Mapping[str, str]
    images: tuple[PackImage, ...]
    package: str = ""
    credit: str = ""  # the attribution its licence asks for, shown on the about page
    credit_url: str = ""

    def image(self, image_id: str) -> PackImage | None:
        return next((i for i in self.images if i.id == image_id), None)


def reencode(data: bytes) -> bytes:
    """Decode an untrusted picture, check it, and return a fresh WebP of at most ``MAX_SIDE`` pixels a side.

    Raises ``ActionError("bad_image")`` for anything that is not a picture of an
    accepted format, or is too large to decode safely.
    """
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as probe:
            if probe.format not in ACCEPTED_FORMATS:
                raise ActionError("bad_image", reason="format")
            width, height = probe.size
            if width * height > MAX_PIXELS or width < 16 or height < 16:
                raise ActionError("bad_image", reason="size")
            probe.verify()
        with Image.open(io.BytesIO(data)) as picture:
            picture.seek(0)
            rgb = picture.convert("RGB")
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        raise ActionError("bad_image", reason="decode") from None
    rgb.thumbnail((MAX_SIDE, MAX_SIDE))
    out = io.BytesIO()
    rgb.save(out, format="WEBP", quality=85, method=4)
    return out.getvalue()


def folder_pack(directory: Path, cache: Path) -> ImagePack:
    """A pack of every picture in ``directory``, re-encoded into ``cache`` (files that are not pictures are skipped)."""
    slug = re.sub(r"[^a-z0-9]+", "-", directory.name.lower()).strip("-") or "pictures"
    digest = hashlib.sha256(str(directory.resolve()).encode()).hexdigest()[:8]
    pack_id = f"folder-{slug}-{digest}"
    target = cache / pack_id
    target.mkdir(parents=True, exist_ok=True)
    images = []
    for path in sorted(p for p in directory.iterdir() if p.suffix.lower() in FOLDER_SUFFIXES and p.is_file()):
        out = target / f"{len(images) + 1}.webp"
        try:
            out.write_bytes(reencode(path.read_bytes()))
        except ActionError:
            continue
        images.append(PackImage(id=str(len(images) + 1), path=out))
    return ImagePack(
        id=pack_id, names={"en": directory.name, "ru": directory.name}, images=tuple(images), package="--image-pack"
    )


# -- pictures uploaded in a lobby ------------------------------------------------------------------------
# The web server stores the re-encoded files and then records the pack on this shelf for the host.


class UploadedPack(Schema):
    id = fields.String(required=True, validate=IMAGE_ID)
    name = fields.String(required=True, validate=validate.Length(1, 40))
    images = fields.List(fields.String(validate=IMAGE_ID), required=True, validate=validate.Length(1, 300))


def _add_uploaded(shelf: ShelfContext, action) -> None:
    packs = shelf.data.setdefault("packs", [])
    if len(packs) >= MAX_UPLOADED_PACKS:
        raise ActionError("too_many_image_packs", max=MAX_UPLOADED_PACKS)
    pack = action.args["pack"]
    if any(p["id"] == pack["id"] for p in packs):
        raise ActionError("bad_request", errors={"pack": ["That pack is on the shelf already."]})
    packs.append({"id": pack["id"], "name": pack["name"].strip() or "?", "images": list(pack["images"])})


def _remove_uploaded(shelf: ShelfContext, action) -> None:
    packs = shelf.data.setdefault("packs", [])
    shelf.data["packs"] = [p for p in packs if p["id"] != action.args["pack"]]


UPLOADS_SHELF = Shelf(
    UPLOADS_SHELF_ID,
    {
        "add": Move(_add_uploaded, args={"pack": fields.Nested(UploadedPack, required=True)}, who="host"),
        "remove": Move(_remove_uploaded, args={"pack": fields.String(required=True, validate=IMAGE_ID)}, who="host"),
    },
)


def uploaded_images(shelf: dict) -> list[tuple[str, str]]:
    """Every (pack id, image id) of a lobby's uploaded packs."""
    return [(pack["id"], image) for pack in shelf.get("packs", []) for image in pack["images"]]
