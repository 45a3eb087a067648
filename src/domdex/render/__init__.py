"""Views: every answer domdex gives, as compact text for a model and as data."""

from .base import Line, View

__all__ = ["Line", "View"]
