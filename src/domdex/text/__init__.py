"""The query layer's text half: a page read by sections, cached, searchable, remembered.

* ``read`` (:mod:`.read`) — a live page's text as sections, main content told apart
  from boilerplate (:mod:`.maincontent`, :mod:`.sections`), selected by scope, section,
  offset or query (:mod:`.relevance`), cached per URL and content (:mod:`.cache`);
* ``KnowledgeStore`` (:mod:`.store`) — every page read, in one SQLite file: full-text
  and embedding search, shared boilerplate, and the concept graph (:mod:`.concepts`);
* in-page JavaScript ships as package data (``extract.js``, ``fingerprint.js``).

Importing this package loads nothing heavy; the public names are re-exported by
:mod:`domdex`.
"""
