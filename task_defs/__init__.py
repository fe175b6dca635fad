"""Packaged declarative tasks (textproto files with their oracle scripts and assets).

The folder is `task_defs/` at the top of the repository and ships inside the wheel as the
package `mobile_gym.task_defs`; `mobile_gym.tasks.catalog` registers each file as an id.
"""
