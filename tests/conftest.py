import os

# UI snapshot tests need the default colours and theme, whatever the developer's shell says.
for _name in ("NO_COLOR", "TEXTUAL_THEME"):
    os.environ.pop(_name, None)
