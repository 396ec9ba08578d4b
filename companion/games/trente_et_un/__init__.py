"""Le Trente-et-un (draw and knock, French text 001) and Trente-et-un with a banker (text 002): SPEC §2, §3."""
