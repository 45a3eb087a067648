"""The query layer's search half: grep (patterns over regions) and find (natural language).

Pure functions over a :class:`~domdex.index.PageIndex`; nothing here touches a browser.
"""
