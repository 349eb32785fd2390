"""The `lecture` command: lesson files, the numbers sheet, rendering and assembly."""
