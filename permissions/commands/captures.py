"""The machine's camera, microphone or screen recorded (SPEC §5 where it runs; red team, session 21).

Off Brabo's sandbox (``host``, ``agent``: a runner on the host, a coding agent's hook on the developer's laptop) a
command that opens a capture device records what is beyond the project: the room through the camera and the
microphone, and every window on the screen -- a password manager's, a chat, another project's code. None names
a path outside the project (``ffmpeg -f avfoundation -i 0 out.mp4`` writes into it), so like
:mod:`permissions.commands.machine`'s families it is outside the path scope in every mode (``cap_path_scope``,
"records the machine's camera, microphone or screen ..."); in the sandbox there is no such device and the
answers stay. (``/dev/video0`` named as a path asks already: R4.5, a ``/dev`` path is a user path.)

What asks: ffmpeg/ffplay/avconv reading a capture format (``-f avfoundation|x11grab|gdigrab|dshow|v4l2|pulse|
alsa|kmsgrab ...``, or lavfi's ``ddagrab``/``pipewiregrab`` sources); a GStreamer pipeline with a capture source
(``v4l2src``, ``avfvideosrc``, ``pulsesrc``, ``ximagesrc`` ...); sox recording from the default device (``sox -d
out.wav``, ``-t alsa default``) and ``rec``; ``arecord``, ``parecord``/``parec``, ``pw-record``, ``pw-cat -r``,
``pacat -r``; ``imagesnap``, ``fswebcam`` and the other camera grabbers; the screenshotters and screen recorders
(``screencapture``, ``scrot``, ``grim``, ``maim``, ImageMagick's ``import``, ``gnome-screenshot``,
``spectacle``, ``flameshot``, ``wf-recorder``, ``xwd -root`` ...); a player opening a capture address
(``vlc v4l2://``, ``mpv av://avfoundation:0``). Converting files stays ordinary: ``ffmpeg -i in.mp4 out.webm``,
``ffmpeg -f lavfi -i testsrc out.mp4``, ``sox in.wav out.mp3``, ``sox in.wav -d`` (played), ``arecord -l``
(a listing), ``gst-launch-1.0 videotestsrc ! fakesink``.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["CAPTURE", "CAPTURE_READERS"]

CAPTURE = (
    "records the machine's camera, microphone or screen (what the user shows, says or has open), outside the"
    " project"
)

Reader = Callable[[tuple[str, ...], tuple[str, ...]], "str | None"]

_HELPS = frozenset({"-h", "--help", "-help", "--version", "-version"})

# libavdevice's input formats that open a device (ffmpeg -f X -i ...), and lavfi's sources that grab a screen
_FFMPEG_DEVICES = frozenset(
    "avfoundation qtkit x11grab xcbgrab gdigrab dshow vfwcap v4l2 video4linux2 video4linux pulse alsa oss jack"
    " sndio kmsgrab fbdev openal decklink android_camera iec61883 dv1394 bktr libdc1394 audiotoolbox"
    " coreaudio".split()
)
_GRAB_SOURCES = ("ddagrab", "pipewiregrab", "gdigrab", "x11grab")


def _ffmpeg(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """ffmpeg's ``-f FORMAT`` of a capture device (the format of the input that follows it), or a lavfi
    source grabbing the screen."""
    args = view[1:]
    for k, w in enumerate(args[:-1]):
        value = args[k + 1].lower()
        if w == "-f" and value in _FFMPEG_DEVICES:
            return CAPTURE
        if w == "-i" and value.startswith(_GRAB_SOURCES):
            return CAPTURE
    return None


# GStreamer's elements that read a camera, a microphone or the screen
_GST_SOURCES = (
    "v4l2src", "avfvideosrc", "avfaudiosrc", "pulsesrc", "alsasrc", "autoaudiosrc", "autovideosrc", "ximagesrc",
    "pipewiresrc", "osxaudiosrc", "wasapisrc", "wasapi2src", "dshowvideosrc", "dshowaudiosrc", "ksvideosrc",
    "mfvideosrc", "d3d11screencapturesrc", "d3d12screencapturesrc", "dx9screencapsrc", "gdiscreencapsrc",
    "libcamerasrc", "jackaudiosrc", "openalsrc", "directsoundsrc", "osssrc", "oss4src", "camerabin",
    "wrappercamerabinsrc", "rpicamsrc", "nvarguscamerasrc", "avfdeviceprovider",
)  # fmt: skip


def _gstreamer(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    for w in view[1:]:
        for part in w.split("!"):
            if part.strip().split(" ", 1)[0].lower().startswith(_GST_SOURCES):
                return CAPTURE
    return None


_SOX_VALUES = frozenset(
    "-t --type -r --rate -b --bits -c --channels -e --encoding -C --compression -v --volume --buffer"
    " --input-buffer -L -B -x".split()
)
_SOX_DRIVERS = frozenset(
    "alsa pulseaudio pulse coreaudio waveaudio oss sndio ao sunau ossdsp jack portaudio".split()
)


def _sox(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    """sox's first file is its input: the default device (``-d``, ``--default-device``) or an audio driver's
    device (``-t alsa default``) there records; as the last file it plays. ``rec`` always records."""
    if view[0] == "rec":
        return None if not _HELPS.isdisjoint(view[1:]) else CAPTURE
    args = view[1:]
    k = 0
    while k < len(args):
        w = args[k]
        if w in ("-d", "--default-device"):
            return CAPTURE
        if w in ("-t", "--type") and k + 1 < len(args) and args[k + 1].lower() in _SOX_DRIVERS:
            return CAPTURE
        if w.startswith("--type=") and w[7:].lower() in _SOX_DRIVERS:
            return CAPTURE
        if w[:1] != "-" or w == "-":
            return None  # the first file is a file (or the standard input)
        k += 2 if w in _SOX_VALUES else 1
    return None


def _unless(*reads: str) -> Reader:
    """A recorder whose every run records, but for its listings (``reads``) and its help."""
    quiet = _HELPS | frozenset(reads)

    def read(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
        return None if not quiet.isdisjoint(view[1:]) else CAPTURE

    return read


def _flagged(*flags: str) -> Reader:
    """A tool that records with one of ``flags`` (``pw-cat -r``, ``pacat --record``, ``xwd -root``)."""

    def read(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
        return CAPTURE if any(w in flags for w in view[1:]) else None

    return read


# the addresses players open a capture device by (VLC's access modules, mpv's libavdevice, MPlayer's tv://)
_CAPTURE_URLS = (
    "v4l2://", "v4l://", "dshow://", "avcapture://", "qtcapture://", "qtsound://", "screen://", "pulse://",
    "alsa://", "jack://", "av://", "tv://", "avfoundation:",
)  # fmt: skip


def _player(view: tuple[str, ...], words: tuple[str, ...]) -> str | None:
    return CAPTURE if any(w.lower().startswith(_CAPTURE_URLS) for w in view[1:]) else None


_ALWAYS = _unless()

CAPTURE_READERS: dict[str, Reader] = {
    **dict.fromkeys(("ffmpeg", "ffplay", "ffprobe", "avconv"), _ffmpeg),
    **dict.fromkeys(("gst-launch-1.0", "gst-launch-0.10", "gst-launch"), _gstreamer),
    "sox": _sox,
    "rec": _sox,
    "arecord": _unless("-l", "--list-devices", "-L", "--list-pcms", "--dump-hw-params"),
    **dict.fromkeys(("parecord", "parec", "pw-record", "pw-jack-record"), _unless()),
    **dict.fromkeys(("pw-cat", "pacat"), _flagged("-r", "--record")),
    "imagesnap": _unless("-l"),
    "fswebcam": _unless("--list-inputs", "--list-controls", "--list-framesizes", "--list-framerates"),
    **dict.fromkeys(
        (
            "streamer",
            "uvccapture",
            "raspistill",
            "raspivid",
            "libcamera-still",
            "libcamera-vid",
            "libcamera-jpeg",
            "rpicam-still",
            "rpicam-vid",
            "rpicam-jpeg",
            "termux-camera-photo",
            "termux-microphone-record",
        ),
        _unless("--list-cameras", "-l"),
    ),  # fmt: skip
    **dict.fromkeys(
        (
            "screencapture",
            "scrot",
            "grim",
            "maim",
            "import",
            "gnome-screenshot",
            "spectacle",
            "flameshot",
            "wf-recorder",
            "wl-screenrec",
            "ksnip",
            "xfce4-screenshooter",
            "shutter",
            "kazam",
            "simplescreenrecorder",
            "recordmydesktop",
            "byzanz-record",
            "gpu-screen-recorder",
            "deepin-screenshot",
            "mate-screenshot",
            "hyprshot",
            "grimshot",
        ),
        _ALWAYS,
    ),  # fmt: skip
    "xwd": _flagged("-root"),
    **dict.fromkeys(("vlc", "cvlc", "mpv", "mplayer"), _player),
}
