"""The render pipeline: typed settings, the manifest, incremental parallel rendering, workers."""
