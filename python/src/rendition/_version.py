"""The package version, which is librendition's (RDN_VERSION_STRING); written by Scripts/build-python-wheel."""

VERSION = "0.4.0"
