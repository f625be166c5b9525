"""Picture packs: sets of images that games deal (I'm Not a Human's cards, for one).

Packs come from plugins (``gamenight_image_packs``), from a folder the host
gives the server (``gamenight serve --image-pack DIR``), or from uploads in a
lobby. Pictures that do not come from a package are never served as given:
each is decoded, checked and re-encoded by ``reencode``. ``probe`` reads only a
picture's header, so that a picture too large to decode safely (a
decompression bomb: a few kilobytes declaring tens of megapixels) is refused
before any pixel is decoded.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from gamenight.errors import ActionError
from gamenight.game import Move, Shelf, ShelfContext
from gamenight.text import Text, TextError, clean_text
from marshmallow import Schema, ValidationError, fields, validate

UPLOADS = "uploads"  # the option value standing for the lobby's uploaded pictures
UPLOADS_SHELF_ID = "images.uploads"
MAX_UPLOADED_PACKS = 8  # packs on a lobby's uploads shelf
MAX_PACK_IMAGES = 120  # pictures in one uploaded pack
PACK_NAME_MAX = 40
IMAGE_ID = validate.Regexp(r"^[a-z0-9][a-z0-9-]{0,63}$")

MAX_SIDE = 1024
MIN_SIDE = 16
MAX_PIXELS = 25_000_000  # width × height a picture's header may declare (a 6000×4000 photo); larger is refused
# by default (the web server passes the limit it was given, ``--upload-megapixels``)
ACCEPTED_FORMATS = {"PNG", "JPEG", "WEBP", "GIF", "BMP"}
FOLDER_SUFFIXES = {".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp"}
DECODE_BYTES_PER_PIXEL = 8  # the most one picture's decoding holds (``reencode``), with Pillow's own buffers


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


@dataclass(frozen=True)
class Header:
    """What a picture's header declares, read without decoding a pixel."""

    format: str
    width: int
    height: int


def probe(data: bytes | BinaryIO) -> Header:
    """Read the header of an untrusted picture (its bytes, or a file open for reading), decoding nothing.

    Raises ``ActionError("bad_image", reason="format")`` for a file that is not
    a picture of an accepted format (``reason="decode"`` for a broken header).
    """
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data) if isinstance(data, bytes) else data) as picture:
            header = Header(picture.format or "", *picture.size)
    except Image.DecompressionBombError:  # Pillow's own guard fired on the header: far above any limit of ours
        raise ActionError("bad_image", reason="pixels") from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        raise ActionError("bad_image", reason="decode") from None
    if header.format not in ACCEPTED_FORMATS:
        raise ActionError("bad_image", reason="format")
    return header


def check_header(header: Header, max_pixels: int = MAX_PIXELS) -> None:
    """Refuse a picture whose header declares too many pixels (``reason="pixels"``) or a side under ``MIN_SIDE``."""
    if header.width * header.height > max_pixels:
        raise ActionError("bad_image", reason="pixels")
    if header.width < MIN_SIDE or header.height < MIN_SIDE:
        raise ActionError("bad_image", reason="size")


def reencode(data: bytes, max_pixels: int = MAX_PIXELS) -> bytes:
    """Decode an untrusted picture, check it, and return a fresh WebP of at most ``MAX_SIDE`` pixels a side.

    Raises ``ActionError("bad_image")`` for anything that is not a picture of an
    accepted format, or whose header declares more than ``max_pixels`` pixels
    (checked before decoding). Memory stays under ``DECODE_BYTES_PER_PIXEL``
    bytes a declared pixel: JPEGs are decoded at a reduced scale; any other
    picture is decoded whole (4 bytes a pixel with alpha), flattened to RGB (3
    more, while both are held) and its decoded copy let go before it is shrunk
    (shrinking a picture with alpha would first make a premultiplied full-size
    copy). The alpha channel is dropped, as the game shows pictures opaque.
    """
    from PIL import Image, UnidentifiedImageError

    check_header(probe(data), max_pixels)
    try:
        with Image.open(io.BytesIO(data)) as picture:
            picture.draft("RGB", (MAX_SIDE, MAX_SIDE))  # JPEG: decode at 1/2, 1/4 or 1/8 scale
            picture.load()
            flat = picture if picture.mode in ("RGB", "L") else picture.convert("RGB")
        del picture  # the decoded copy goes now, before the flat one is shrunk
        flat.thumbnail((MAX_SIDE, MAX_SIDE))
        rgb = flat.convert("RGB")
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombError):
        raise ActionError("bad_image", reason="decode") from None
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
# The web server checks and re-encodes the pictures, stores the files, and then records the pack on this
# shelf as the engine itself (``Engine.submit(..., system=True)``): no device can put a pack here, so a
# lobby's shelf names only packs uploaded to that lobby. The host removes packs with ``remove``.


def clean_pack_name(raw: object) -> str:
    """A pack's name under the text policy (``gamenight.text``): 1 to ``PACK_NAME_MAX`` characters that show as
    typed; raises ``bad_request`` naming the field."""
    try:
        return clean_text(raw, PACK_NAME_MAX)
    except TextError as exc:
        raise ActionError("bad_request", errors={"name": [str(exc)]}) from None


def _distinct(images: list[str]) -> None:
    if len(set(images)) != len(images):
        raise ValidationError("Each picture once.")


class UploadedPack(Schema):
    id = fields.String(required=True, validate=IMAGE_ID)
    name = Text(max_length=PACK_NAME_MAX, required=True)
    images = fields.List(
        fields.String(validate=IMAGE_ID),
        required=True,
        validate=[validate.Length(1, MAX_PACK_IMAGES), _distinct],
    )


def _add_uploaded(shelf: ShelfContext, action) -> None:
    from gamenight.match import SYSTEM  # (match imports this module)

    if action.actor != SYSTEM:  # a device: only the server records an upload
        raise ActionError("not_allowed", action="add")
    packs = shelf.data.setdefault("packs", [])
    if len(packs) >= MAX_UPLOADED_PACKS:
        raise ActionError("too_many_image_packs", max=MAX_UPLOADED_PACKS)
    pack = action.args["pack"]
    if any(p["id"] == pack["id"] for p in packs):
        raise ActionError("bad_request", errors={"pack": ["That pack is on the shelf already."]})
    packs.append({"id": pack["id"], "name": pack["name"], "images": list(pack["images"])})


def _remove_uploaded(shelf: ShelfContext, action) -> None:
    packs = shelf.data.setdefault("packs", [])
    if not any(p["id"] == action.args["pack"] for p in packs):
        raise ActionError("bad_request", errors={"pack": ["No such pack on the shelf."]})
    shelf.data["packs"] = [p for p in packs if p["id"] != action.args["pack"]]


UPLOADS_SHELF = Shelf(
    UPLOADS_SHELF_ID,
    {
        # "player" lets the lobby pass the move on; ``_add_uploaded`` accepts it from the engine alone.
        "add": Move(_add_uploaded, args={"pack": fields.Nested(UploadedPack, required=True)}, who="player"),
        "remove": Move(_remove_uploaded, args={"pack": fields.String(required=True, validate=IMAGE_ID)}, who="host"),
    },
)


def uploaded_images(shelf: dict) -> list[tuple[str, str]]:
    """Every (pack id, image id) of a lobby's uploaded packs."""
    return [(pack["id"], image) for pack in shelf.get("packs", []) for image in pack["images"]]
