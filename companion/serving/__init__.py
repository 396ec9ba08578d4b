"""Serving the app to browsers on the local network (``companion serve``): the guarded web server, the
QR code of its address, and the entry point of each browser's own app process."""
