"""The browser an agent asks for: profile, device, locale, proxy, output — one object.

:class:`BrowserOptions` is what every front end builds and the browser layer reads:
``domdex.launch(options=…)`` and ``Session.start(browser=…)`` in Python, the flags of
``domdex open`` / ``domdex mcp`` (and of the one-shot views), a config file (TOML or
JSON, ``--config`` or ``DOMDEX_CONFIG``) and ``DOMDEX_*`` environment variables. Each
option is declared once, in :data:`OPTIONS`, with its flag, its variable and its help,
so the front ends cannot drift apart.

Later sources win: defaults, then the config file, then the environment, then what
the caller passed (flags, keyword arguments). Every value is checked before Chromium
starts, and a bad one raises :class:`~domdex.errors.ConfigError` saying what to fix.

The names follow Playwright MCP's (``--user-data-dir``, ``--storage-state``,
``--device``, ``--viewport-size``, ``--proxy-server``, ``--output-dir`` …): people who
plug a browser into a model know them already.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import os
import re
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .chromium import DEFAULT_VIEWPORT
from .errors import ConfigError

__all__ = ["OPTIONS", "BrowserOption", "BrowserOptions", "load_config"]

PROXY_SCHEMES = ("http", "https", "socks4", "socks5")


@dataclass(frozen=True, slots=True)
class BrowserOption:
    """One browser option: its field, flag, environment variable and how text reads."""

    name: str
    flag: str
    help: str
    parse: Callable[[str], Any]
    metavar: str | None = None  # None: a switch (--flag, no value)

    @property
    def env(self) -> str:
        return "DOMDEX_" + self.name.upper()


def _text(value: str) -> str:
    value = str(value).strip()
    if not value:
        raise ValueError("it is empty")
    return value


def _path(value: str) -> str:
    return str(Path(_text(value)).expanduser().resolve())


def _switch(value: str | bool) -> bool:
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("0", "false", "no", "off", ""):
        return False
    raise ValueError("write true or false")


def _size(value: str | tuple[int, int] | list[int]) -> tuple[int, int]:
    if isinstance(value, (tuple, list)):
        parts = [str(v) for v in value]
    else:
        parts = re.split(r"\s*[x,×]\s*", str(value).strip().lower())
    try:
        w, h = (int(p) for p in parts)
    except ValueError:
        raise ValueError("write WIDTHxHEIGHT in pixels, such as 1280x800") from None
    if not (1 <= w <= 10000 and 1 <= h <= 10000):
        raise ValueError("width and height must be between 1 and 10000 pixels")
    return w, h


def _geolocation(value: str | tuple[float, ...] | list[float]) -> tuple[float, ...]:
    parts = list(value) if isinstance(value, (tuple, list)) else str(value).split(",")
    try:
        nums = tuple(float(p) for p in parts)
    except ValueError:
        raise ValueError("write LATITUDE,LONGITUDE[,ACCURACY] in degrees (and metres)") \
            from None
    if len(nums) not in (2, 3):
        raise ValueError("write LATITUDE,LONGITUDE[,ACCURACY] in degrees (and metres)")
    if not (-90 <= nums[0] <= 90 and -180 <= nums[1] <= 180) or \
            (len(nums) == 3 and nums[2] < 0):
        raise ValueError("latitude is -90..90, longitude -180..180, accuracy ≥ 0")
    return nums


def _timezone(value: str) -> str:
    value = _text(value)
    import zoneinfo

    known = zoneinfo.available_timezones()
    if known and value not in known:
        near = difflib.get_close_matches(value, sorted(known), n=1)
        raise ValueError("not an IANA time zone such as Europe/Berlin or America/New_York"
                         + (f" (did you mean {near[0]}?)" if near else ""))
    return value


def _locale(value: str) -> str:
    value = _text(value)
    if not re.fullmatch(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*", value):
        raise ValueError("write a language tag such as en-US, de-DE or pt-BR")
    return value.replace("_", "-")


def _words(value: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    items = value if isinstance(value, (list, tuple)) else re.split(r"[;,]", str(value))
    return tuple(w.strip() for w in items if str(w).strip())


def _proxy(value: str) -> str:
    value = _text(value)
    scheme, sep, rest = value.partition("://")
    if not sep:
        scheme, rest = "http", value
    if scheme.lower() not in PROXY_SCHEMES:
        raise ValueError(f"the scheme must be one of {', '.join(PROXY_SCHEMES)}")
    host, _, port = rest.rstrip("/").rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536 or "/" in host:
        raise ValueError("write SCHEME://HOST:PORT, such as http://127.0.0.1:3128")
    return f"{scheme.lower()}://{host}:{port}"


#: Every option, once. Flags are Playwright MCP's names where it has one.
OPTIONS: tuple[BrowserOption, ...] = (
    BrowserOption("user_data_dir", "--user-data-dir",
                  "keep the browser profile (logins, cookies) in DIR across runs", _path, "DIR"),
    BrowserOption("isolated", "--isolated",
                  "keep the profile in memory only (the default; overrides a "
                  "configured user-data-dir)", _switch),
    BrowserOption("storage_state", "--storage-state",
                  "start an isolated profile with the cookies and local storage "
                  "saved in FILE (save one with save-state)", _path, "FILE"),
    BrowserOption("viewport", "--viewport-size",
                  "window size, such as 1280x800", _size, "WxH"),
    BrowserOption("device", "--device",
                  "emulate a device by Playwright's name, such as \"iPhone 15\"", _text, "NAME"),
    BrowserOption("locale", "--locale",
                  "browser locale, such as de-DE", _locale, "LOCALE"),
    BrowserOption("timezone", "--timezone",
                  "time zone, such as Europe/Berlin", _timezone, "ZONE"),
    BrowserOption("geolocation", "--geolocation",
                  "position reported to pages: LATITUDE,LONGITUDE[,ACCURACY]",
                  _geolocation, "LAT,LON"),
    BrowserOption("permissions", "--grant-permissions",
                  "permissions granted to every page, such as "
                  "geolocation;clipboard-read", _words, "NAMES"),
    BrowserOption("user_agent", "--user-agent",
                  "the User-Agent header and navigator.userAgent", _text, "TEXT"),
    BrowserOption("proxy_server", "--proxy-server",
                  "send requests through this proxy, such as http://127.0.0.1:3128 "
                  "or socks5://…", _proxy, "URL"),
    BrowserOption("proxy_bypass", "--proxy-bypass",
                  "hosts that skip the proxy, such as .example.com,localhost", _text, "HOSTS"),
    BrowserOption("proxy_username", "--proxy-username",
                  "user name for the proxy", _text, "NAME"),
    BrowserOption("proxy_password", "--proxy-password",
                  "password for the proxy (better: DOMDEX_PROXY_PASSWORD)", _text, "PASSWORD"),
    BrowserOption("ignore_https_errors", "--ignore-https-errors",
                  "accept invalid TLS certificates (only for hosts you trust)", _switch),
    BrowserOption("output_dir", "--output-dir",
                  "where downloads, PDFs and traces go (default: a new directory "
                  "under the system's temp dir)", _path, "DIR"),
    BrowserOption("save_trace", "--save-trace",
                  "record a Playwright trace, saved to the output dir when the "
                  "browser closes", _switch),
)
_BY_NAME = {o.name: o for o in OPTIONS}


@dataclass(frozen=True, slots=True)
class BrowserOptions:
    """How to start the browser and its context. Build it with :meth:`resolve` to read a
    config file and ``DOMDEX_*`` variables too; every value is checked either way."""

    executable_path: str | None = None
    headless: bool = True
    cdp: str | None = None
    args: tuple[str, ...] = ()
    user_data_dir: str | None = None
    isolated: bool = False
    storage_state: str | None = None
    viewport: tuple[int, int] | None = None
    device: str | None = None
    locale: str | None = None
    timezone: str | None = None
    geolocation: tuple[float, ...] | None = None
    permissions: tuple[str, ...] = ()
    user_agent: str | None = None
    proxy_server: str | None = None
    proxy_bypass: str | None = None
    proxy_username: str | None = None
    proxy_password: str | None = field(default=None, repr=False)
    ignore_https_errors: bool = False
    output_dir: str | None = None
    save_trace: bool = False

    def __post_init__(self) -> None:
        for o in OPTIONS:  # a value given in Python is read and checked like its flag
            value = getattr(self, o.name)
            if value is not None and value != ():
                object.__setattr__(self, o.name, _parsed(o, value, "the browser options"))
        object.__setattr__(self, "args", tuple(self.args))
        self._check()

    def _check(self) -> None:
        if self.user_data_dir and self.isolated:
            object.__setattr__(self, "user_data_dir", None)  # --isolated wins, as its help says
        if self.user_data_dir and self.storage_state:
            raise ConfigError("Give either user_data_dir (a profile kept on disk) or "
                              "storage_state (a saved login loaded into a fresh profile), not "
                              "both: a kept profile already holds its logins.")
        if self.cdp and (self.user_data_dir or self.proxy_server or self.executable_path):
            raise ConfigError("A browser reached over cdp keeps its own profile, proxy and "
                              "executable: drop user_data_dir, proxy_server and "
                              "executable_path, or launch a browser instead of connecting.")
        if (self.proxy_username or self.proxy_password) and not self.proxy_server:
            raise ConfigError("proxy_username and proxy_password need proxy_server too.")
        if self.storage_state:
            read_storage_state(self.storage_state)

    # Building -----------------------------------------------------------------------
    @classmethod
    def resolve(cls, config: str | os.PathLike[str] | Mapping[str, Any] | None = None,
                env: Mapping[str, str] | None = None, *, front_end_keys: bool = False,
                **given: Any) -> BrowserOptions:
        """Options from a config file (or mapping), then ``DOMDEX_*`` variables
        (``os.environ`` unless ``env`` is given), then ``given`` (None means unset).

        A config key that is not a browser option is an error, unless
        ``front_end_keys`` (the CLI reads those itself: ``port``, ``allowed_origins`` …).
        """
        env = os.environ if env is None else env
        if config is None and env.get("DOMDEX_CONFIG"):
            config = env["DOMDEX_CONFIG"]
        values: dict[str, Any] = {}
        if config is not None:
            settings = dict(config) if isinstance(config, Mapping) else load_config(config)
            values.update(browser_part(settings))
            extra = sorted(set(settings) - set(values))
            if extra and not front_end_keys:
                raise ConfigError(f"Unknown browser option {extra[0]!r} in the config. "
                                  f"{_known()}")
        values.update(from_env(env))
        values.update({k: v for k, v in given.items() if v is not None})
        unknown = sorted(set(values) - {f.name for f in dataclasses.fields(cls)})
        if unknown:
            raise ConfigError(f"Unknown browser option {unknown[0]!r}. {_known()}")
        return cls(**values)

    def replace(self, **changes: Any) -> BrowserOptions:
        """A copy with ``changes`` (None values are ignored)."""
        return dataclasses.replace(self, **{k: v for k, v in changes.items() if v is not None})

    def output_path(self) -> Path:
        """The output directory, created on first use (nothing is written before)."""
        path = Path(self.output_dir) if self.output_dir else _session_output()
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(f"Cannot create the output directory {path}: {exc.strerror}. "
                              "Choose another with --output-dir.") from exc
        return path

    # What Playwright is given -------------------------------------------------------
    def launch_kwargs(self) -> dict[str, Any]:
        """Keyword arguments of ``chromium.launch`` (and of a persistent context)."""
        kw: dict[str, Any] = {"headless": self.headless}
        if self.proxy_server:
            proxy = {"server": self.proxy_server}
            for key, value in (("bypass", self.proxy_bypass),
                               ("username", self.proxy_username),
                               ("password", self.proxy_password)):
                if value:
                    proxy[key] = value
            kw["proxy"] = proxy
        return kw

    def context_kwargs(self, devices: Mapping[str, Any]) -> dict[str, Any]:
        """Keyword arguments of ``new_context``: the device first, then what was set."""
        kw: dict[str, Any] = {}
        if self.device:
            kw.update(device_descriptor(self.device, devices))
        w, h = self.viewport or (None if self.device else DEFAULT_VIEWPORT) or (0, 0)
        if w:
            kw["viewport"] = {"width": w, "height": h}
        for name, key in (("locale", "locale"), ("timezone", "timezone_id"),
                          ("user_agent", "user_agent")):
            if getattr(self, name):
                kw[key] = getattr(self, name)
        if self.geolocation:
            lat, lon, *acc = self.geolocation
            kw["geolocation"] = {"latitude": lat, "longitude": lon,
                                 **({"accuracy": acc[0]} if acc else {})}
        if self.permissions:
            kw["permissions"] = list(self.permissions)
        if self.ignore_https_errors:
            kw["ignore_https_errors"] = True
        if self.storage_state and not self.user_data_dir:
            kw["storage_state"] = self.storage_state
        kw["accept_downloads"] = True
        return kw


def _parsed(option: BrowserOption, value: Any, source: str) -> Any:
    try:
        return option.parse(value)
    except (ValueError, TypeError) as exc:
        raise ConfigError(f"Bad {option.flag} ({option.name}) in {source}: {value!r}: "
                          f"{exc}.") from None


def _known() -> str:
    return "Browser options: " + ", ".join(o.name for o in OPTIONS) + "."


def from_env(env: Mapping[str, str]) -> dict[str, Any]:
    """The options set by ``DOMDEX_*`` variables (``DOMDEX_DEVICE="iPhone 15"`` …)."""
    out = {}
    for o in OPTIONS:
        raw = env.get(o.env)
        if raw is not None and raw.strip():
            out[o.name] = _parsed(o, raw, f"${o.env}")
    return out


def load_config(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A config file's settings (TOML, or JSON by its ``.json`` suffix), keys spelt
    either ``user_data_dir`` or ``user-data-dir``."""
    p = Path(path).expanduser()
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise ConfigError(f"Cannot read the config file {p}: {exc.strerror}. Check the path "
                          "given to --config (or DOMDEX_CONFIG).") from exc
    try:
        if p.suffix.lower() == ".json":
            data = json.loads(raw.decode("utf-8"))
        else:
            import tomllib

            data = tomllib.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        kind = "JSON" if p.suffix.lower() == ".json" else "TOML (or name it .json)"
        raise ConfigError(f"The config file {p} is not valid {kind}: {exc}.") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"The config file {p} must hold a table of settings, such as "
                          "device = \"iPhone 15\".")
    return {str(k).replace("-", "_"): v for k, v in data.items()}


def browser_part(config: Mapping[str, Any]) -> dict[str, Any]:
    """The browser options of a config (the rest belongs to the front end)."""
    names = {f.name for f in dataclasses.fields(BrowserOptions)}
    out = {}
    for key, value in config.items():
        key = str(key).replace("-", "_")
        if key in names:
            option = _BY_NAME.get(key)
            out[key] = _parsed(option, value, "the config file") if option else value
    return out


def read_storage_state(path: str) -> dict[str, Any]:
    """A saved storage state, checked: cookies and origins lists in a JSON object."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"Cannot read the storage state {p}: {exc.strerror}. Save one first "
                          "(domdex session save-state FILE, or the save_storage_state tool)."
                          ) from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise ConfigError(f"The storage state {p} is not JSON ({exc}); it must be a file "
                          "saved by save-state (Playwright's storage_state format).") from exc
    if not isinstance(data, dict) or not isinstance(data.get("cookies", []), list) or \
            not isinstance(data.get("origins", []), list):
        raise ConfigError(f"The storage state {p} is not in Playwright's storage_state format "
                          "(an object with cookies and origins lists); save it again.")
    return data


def device_descriptor(name: str, devices: Mapping[str, Any]) -> dict[str, Any]:
    """Playwright's descriptor of a device, without its browser type; a clear error
    with the closest names for an unknown one."""
    found = devices.get(name)
    if found is None:
        by_lower = {k.lower(): k for k in devices}
        key = by_lower.get(name.strip().lower())
        found = devices.get(key) if key else None
    if found is None:
        near = difflib.get_close_matches(name, list(devices), n=3, cutoff=0.5)
        hint = f" Did you mean {', '.join(repr(n) for n in near)}?" if near else ""
        raise ConfigError(f"Unknown device {name!r}.{hint} Playwright knows {len(devices)} "
                          "devices, such as 'iPhone 15', 'Pixel 7', 'iPad Mini', "
                          "'Desktop Chrome'.")
    return {k: v for k, v in dict(found).items() if k != "default_browser_type"}


_OUTPUT: list[Path] = []


def _session_output() -> Path:
    """One default output directory per process, named by when it was first needed."""
    if not _OUTPUT:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        _OUTPUT.append(Path(tempfile.gettempdir()) / "domdex-output" / f"{stamp}-{os.getpid()}")
    return _OUTPUT[0]
